/** A target's line in the report: PASS or FAIL, then what was measured against what is asked. */
export const verdict = (passed: boolean, line: string): string => `${passed ? 'PASS' : 'FAIL'}  ${line}`;
