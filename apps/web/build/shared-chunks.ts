/**
 * MUI and what its components need at run time (styling engine, transitions). Not its Tooltip and
 * Popper with Popper.js, nor TablePagination (its actions import Tooltip), nor the barrel index (it
 * imports them all): the group takes a module's imports with it, and no screen paints with them
 * (the screens' tooltips load on first hover, see components/feedback/hint.tsx; the report tables
 * page with components/table/paginacion.tsx), so they stay in chunks of their own.
 */
const MUI =
  /[\\/]node_modules[\\/](@mui[\\/]material[\\/](?!(Tooltip|Popper|TablePagination|TablePaginationActions)[\\/]|index\.)|@mui[\\/](system|utils|styled-engine|private-theming)[\\/]|(@emotion|react-transition-group|clsx|react-is|hoist-non-react-statics|@babel[\\/]runtime|stylis)[\\/])/;

/**
 * The MUI modules that many screens import (Box, Typography, Card, IconButton, Tooltip…) in one
 * chunk instead of dozens of small shared ones: each small file compresses on its own, so merging
 * them saves bytes on the wire (measured: /fabrica −11 KB, /mantenimiento −21 KB, /menu −18 KB,
 * /login −1.5 KB). Modules used by fewer than 12 chunks keep the automatic split, so a screen does
 * not download components only rare screens use. A `build.rolldownOptions.output.codeSplitting.groups`
 * entry.
 */
export const muiSharedChunk = { name: 'mui', test: MUI, minShareCount: 12 };
