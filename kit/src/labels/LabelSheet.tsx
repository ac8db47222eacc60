import { Box, GlobalStyles } from '@mui/material';
import { useCommonT } from '@stockwise/shared';
import { createPortal } from 'react-dom';
import { Label, type LabelContent, type LabelLayout } from './Label';

const SHEET = 'stockwise-label-sheet';

/**
 * The labels as the printer gets them: a sheet hung under <body>, hidden on screen; while it is
 * mounted the print stylesheet prints it alone, one label per page of the label's size, so
 * window.print() (printLabels) prints labels and nothing else.
 */
export function LabelSheet({ layout, labels }: { layout: LabelLayout; labels: LabelContent[] }) {
  const { t } = useCommonT();
  return createPortal(
    <>
      <GlobalStyles
        styles={{
          [`.${SHEET}`]: { display: 'none' },
          '@page': { size: `${layout.widthMm}mm ${layout.heightMm}mm`, margin: 0 },
          '@media print': {
            [`body > *:not(.${SHEET})`]: { display: 'none !important' },
            [`.${SHEET}`]: { display: 'block !important' },
            [`.${SHEET} .stockwise-label`]: { breakAfter: 'page', pageBreakAfter: 'always' },
          },
        }}
      />
      <Box className={SHEET} aria-label={t('labels.sheet')}>
        {labels.map((content, index) => (
          <Label key={`${content.barcode}-${index}`} layout={layout} content={content} />
        ))}
      </Box>
    </>,
    document.body,
  );
}

/** Opens the browser's print dialog; with a LabelSheet mounted, only the labels print. */
export function printLabels() {
  window.print();
}
