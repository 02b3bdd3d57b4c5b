import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type TextFieldProps as MuiTextFieldProps,
} from '@mui/material';
import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import { forwardRef, useId, type ComponentProps } from 'react';

/** MUI's TextField's props, for the outlined field the site draws (no `select`, no other variant). */
export type TextFieldProps = Omit<MuiTextFieldProps, 'select' | 'SelectProps' | 'slots' | 'variant' | 'children'> & {
  variant?: 'outlined';
};

/**
 * The site's text field: MUI's TextField as the site uses it, outlined, with its label, helper
 * text and slots (input, htmlInput, inputLabel, formHelperText) and the theme's MuiTextField
 * defaults, drawing the same markup and classes. MUI's own imports every variant and the select
 * menu with its popover, modal and transitions (about 20 kB gzipped a page with a form loads and
 * evaluates before it takes taps); a choice among options uses MUI's TextField with `select`.
 */
export const TextField = forwardRef<HTMLDivElement, TextFieldProps>(function TextField(inProps, ref) {
  const props = useDefaultProps({ props: inProps, name: 'MuiTextField' });
  const {
    autoComplete,
    autoFocus = false,
    className,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps = {},
    type,
    value,
    variant = 'outlined',
    ...other
  } = props;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const { input: inputProps, htmlInput: htmlInputProps, inputLabel, formHelperText } = slotProps as SlotProps;
  return (
    <FormControl
      ref={ref}
      className={['MuiTextField-root', className].filter(Boolean).join(' ')}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant={variant}
      {...other}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={htmlInputProps}
        notched={inputLabel?.shrink}
        label={label}
        {...inputProps}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
});

/** The slots' props this field passes on (MUI types them as props or a function of the owner's state). */
interface SlotProps {
  input?: Partial<ComponentProps<typeof OutlinedInput>>;
  htmlInput?: ComponentProps<typeof OutlinedInput>['inputProps'];
  inputLabel?: Partial<ComponentProps<typeof InputLabel>>;
  formHelperText?: Partial<ComponentProps<typeof FormHelperText>>;
}
