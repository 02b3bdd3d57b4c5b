import InstallIcon from '@mui/icons-material/InstallMobile';
import { Button } from '@mui/material';
import { outlinedOnDarkSx } from '../outlinedOnDarkSx.ts';
import { Suspense, lazy, useState } from 'react';
import { promptInstall, useInstallMode } from './installPrompt.ts';

const IosInstallDialog = lazy(() => import('./IosInstallDialog.tsx'));

/**
 * 'Install the app': the browser's own prompt where it offers one (beforeinstallprompt), the
 * Share -> Add to Home Screen steps on iOS Safari; nothing where the app is installed already.
 */
export function InstallButton() {
  const mode = useInstallMode();
  const [iosOpen, setIosOpen] = useState(false);
  if (!mode) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<InstallIcon />}
        onClick={() => (mode === 'prompt' ? void promptInstall() : setIosOpen(true))}
        sx={outlinedOnDarkSx()}
      >
        Install the app
      </Button>
      {mode === 'ios' && iosOpen && (
        <Suspense fallback={null}>
          <IosInstallDialog open={iosOpen} onClose={() => setIosOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
