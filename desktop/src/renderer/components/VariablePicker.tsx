import {
  Button,
  makeStyles,
  Menu,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
} from '@fluentui/react-components';
import { BracesVariableRegular } from '@fluentui/react-icons';
import { MESSAGE_VARIABLES } from '@atendo/shared';
import { useTranslation } from 'react-i18next';
import { type Braces, tokenOf } from './variable-insert';

const useStyles = makeStyles({
  token: { fontFamily: tokens.fontFamilyMonospace, marginRight: tokens.spacingHorizontalS },
  description: { color: tokens.colorNeutralForeground3 },
});

interface VariablePickerProps {
  /** Called with the token to put where the caret is (`{{name}}`, or `{nome}`-style with single braces). */
  onInsert: (token: string) => void;
  /** The place's own variables (a campaign's settings, a flow's answers), after the message variables. */
  own?: readonly string[];
  /**
   * How the message variables are written: campaigns keep the spelling their users type
   * (`{nome}`, `{primeiroNome}`, `{numero}`), every other editor `{{key}}`.
   */
  braces?: Braces;
  /** Spellings to offer instead of a variable's key (campaigns: name → nome). */
  spelling?: Readonly<Record<string, string>>;
  disabled?: boolean;
}

/**
 * The button beside a message's text that lists the message variables (shared/ MESSAGE_VARIABLES,
 * filled by the server where the text is sent) and puts the chosen one where the caret is.
 */
export function VariablePicker({
  onInsert,
  own = [],
  braces = 'double',
  spelling = {},
  disabled,
}: VariablePickerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" icon={<BracesVariableRegular />} disabled={disabled}>
          {t('common.variables.insert')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {MESSAGE_VARIABLES.map(({ key }) => {
            const token = tokenOf(spelling[key] ?? key, braces);
            return (
              <MenuItem key={key} onClick={() => onInsert(token)}>
                <span className={styles.token}>{token}</span>
                <span className={styles.description}>{t(`common.variables.${key}`)}</span>
              </MenuItem>
            );
          })}
          {own.length > 0 && (
            <MenuGroup>
              <MenuGroupHeader>{t('common.variables.own')}</MenuGroupHeader>
              {own.map((key) => {
                const token = tokenOf(key, braces);
                return (
                  <MenuItem key={`own-${key}`} onClick={() => onInsert(token)}>
                    <span className={styles.token}>{token}</span>
                  </MenuItem>
                );
              })}
            </MenuGroup>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
