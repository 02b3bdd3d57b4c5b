import { Box, Tab, Tabs, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';

/**
 * Tabs over the sections of a page, each with its panel (only the chosen one is rendered). On a
 * phone the row scrolls sideways, with arrows at its ends while tabs lie beyond them: a label
 * such as "Achievements" does not fit a fifth of a phone's width.
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly { label: string; panel: ReactNode }[] }) {
  const id = useId();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState(0);
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={chosen}
          onChange={(_, value: number) => setChosen(value)}
          aria-label={label}
          variant={narrow ? 'scrollable' : 'standard'}
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {tabs.map((tab, index) => (
            <Tab
              key={tab.label}
              label={tab.label}
              id={`${id}-tab-${index}`}
              aria-controls={`${id}-panel-${index}`}
              sx={{ fontWeight: 700, minHeight: 52, px: { xs: 1, sm: 2 } }}
            />
          ))}
        </Tabs>
      </Box>
      {tabs.map((tab, index) => (
        <Box
          key={tab.label}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={chosen !== index}
          sx={{ pt: 3 }}
        >
          {chosen === index && tab.panel}
        </Box>
      ))}
    </>
  );
}
