// The layers of the workspace, checked by `npm run lint` (depcruise): no import runs back up a
// layer, and no folder imports one that imports it back, directly or through others. Tests stand
// above everything they test and are left out; type-only imports count.
const SERVICES = 'members|content|gateway|ai-worker';

/** From a package of services to any package of services but these. */
const packageBelow = (name, allowed) => ({
  name: `${name}-stays-below`,
  severity: 'error',
  from: { path: `^services/${name}/` },
  to: { path: `^services/(?!(${allowed.join('|')})/)` },
});

export default {
  forbidden: [
    {
      name: 'no-folder-circle',
      comment:
        'A folder imports no folder that imports it back, directly or through others (services/*, ' +
        'services/*/src/*, pwa/src/* and the folders in them). Move the shared piece below both, or ' +
        'pass it in where the service or the app is wired.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable-import',
      comment: "Every import resolves to a file, so none escapes the rules above (Vite's virtual modules aside).",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(virtual:|vite/client$)' },
    },
    {
      name: 'no-module-circle',
      comment: 'No module imports one that imports it back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // The packages of services, lowest first: contracts, site-rules, the development stack (mongod,
    // Redis, test servers), kit, then the services, none of which imports another.
    packageBelow('contracts', ['contracts']),
    packageBelow('site-rules', ['contracts', 'site-rules']),
    packageBelow('dev-stack', ['contracts', 'site-rules', 'dev-stack']),
    packageBelow('kit', ['contracts', 'site-rules', 'dev-stack', 'kit']),
    {
      name: 'services-import-no-other-service',
      severity: 'error',
      from: { path: `^services/(${SERVICES})/` },
      to: { path: `^services/(${SERVICES})/`, pathNot: '^services/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '[.]test[.]tsx?$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
