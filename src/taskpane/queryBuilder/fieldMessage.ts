// A control's message as Fluent's Field shows it: the text under the control, red for a problem, amber for a
// warning, nothing at all when there is none (Field then reserves no room for it).
import type { FieldProps as FluentFieldProps } from "@fluentui/react-components";
import type { FieldMessage } from "./useQueryForm";

export function fieldMessage(
  m: FieldMessage | undefined,
): Pick<FluentFieldProps, "validationMessage" | "validationState"> {
  return m ? { validationMessage: m.text, validationState: m.intent } : { validationState: "none" };
}
