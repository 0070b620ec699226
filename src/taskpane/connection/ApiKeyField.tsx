// The API key: masked unless the user asks to see it.
import { Button, Field, Input } from "@fluentui/react-components";
import { EyeOffRegular, EyeRegular } from "@fluentui/react-icons";

export function ApiKeyField({
  value,
  onChange,
  shown,
  onToggleShown,
}: {
  value: string;
  onChange: (value: string) => void;
  shown: boolean;
  onToggleShown: () => void;
}) {
  return (
    <Field label="API key" hint="Kept for you on this device only, never in the workbook.">
      <Input
        value={value}
        onChange={(_, d) => onChange(d.value)}
        type={shown ? "text" : "password"}
        autoComplete="off"
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={shown ? <EyeOffRegular /> : <EyeRegular />}
            aria-label={shown ? "Hide API key" : "Show API key"}
            aria-pressed={shown}
            onClick={onToggleShown}
          />
        }
      />
    </Field>
  );
}
