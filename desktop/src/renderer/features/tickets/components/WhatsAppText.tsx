import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { type ReactNode, useMemo } from 'react';
import { type FormatNode, parseWhatsAppFormat } from '../whatsapp-format';

const useStyles = makeStyles({
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: '0.95em',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    padding: '0 3px',
  },
  block: { display: 'block', padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}` },
});

function render(nodes: readonly FormatNode[], styles: ReturnType<typeof useStyles>, oneLine: boolean): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={index}>{render(node.children, styles, oneLine)}</strong>;
      case 'italic':
        return <em key={index}>{render(node.children, styles, oneLine)}</em>;
      case 'strike':
        return <s key={index}>{render(node.children, styles, oneLine)}</s>;
      case 'code':
        return (
          <code key={index} className={styles.code}>
            {node.text}
          </code>
        );
      case 'monospace':
        return (
          <code key={index} className={mergeClasses(styles.code, !oneLine && styles.block)}>
            {node.text}
          </code>
        );
    }
  });
}

/**
 * A message's text with WhatsApp's formatting shown as WhatsApp shows it, built from React elements
 * only. `oneLine` (previews) keeps a monospace block inline.
 */
export function WhatsAppText({ text, oneLine = false }: { text: string; oneLine?: boolean }) {
  const styles = useStyles();
  const nodes = useMemo(() => parseWhatsAppFormat(text), [text]);
  return <>{render(nodes, styles, oneLine)}</>;
}
