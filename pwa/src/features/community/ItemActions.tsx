import type { CircleItemKind } from '@coach/contracts';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { IconButton } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';

// The menu, its dialogs (a modal, a radio group, transitions) and their requests: a feed page
// takes taps without them, and they load the first time a menu is opened.
const ItemMenu = lazy(() => import('./ItemMenu.tsx'));

/**
 * The "more" button of a post or a reply, and its menu: its author may delete it, any other
 * member may report it to the coach.
 */
export function ItemActions({
  kind,
  id,
  mine,
  author,
}: {
  kind: CircleItemKind;
  id: string;
  mine: boolean;
  author: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu and its dialog are drawn from the first time the menu is opened, and then kept for
  // their closing transitions: a feed page of posts and replies would otherwise build two closed
  // modals each while it hydrates.
  const [menuUsed, setMenuUsed] = useState(false);
  const menuId = useId();

  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${author}'s ${kind}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setMenuUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ color: 'text.secondary' }}
      >
        <MoreHorizIcon fontSize="small" />
      </IconButton>
      {menuUsed && (
        <Suspense fallback={null}>
          <ItemMenu
            kind={kind}
            id={id}
            mine={mine}
            menuId={menuId}
            anchor={anchor}
            onMenuClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
