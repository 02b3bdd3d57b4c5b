import { alpha } from '@mui/material/styles';

/**
 * An outlined button on a dark ground: a translucent white border (`border`, its opacity) that
 * turns white on hover with a faint white tint (`hoverTint`).
 */
export const outlinedOnDarkSx = ({ color = '#fff', border = 0.5, hoverTint = 0.08 } = {}) => ({
  color,
  borderColor: alpha('#FFFFFF', border),
  '&:hover': { borderColor: '#fff', bgcolor: alpha('#FFFFFF', hoverTint) },
});
