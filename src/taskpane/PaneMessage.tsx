// A message in the pane (a status, an error, a warning, a summary): Fluent's MessageBar on as many lines as its
// text needs, so it is read whole at any width the pane gets.
import { MessageBar, MessageBarBody, type MessageBarProps } from "@fluentui/react-components";

/** Always the multiline layout: Fluent's "auto" layout measures the bar when it first appears, so a status whose
 * text grows later ("Not tested." to "Key rejected. The service ...") would stay on one line, cut at the edge. */
export function PaneMessage({ children, ...props }: Omit<MessageBarProps, "layout">) {
  return (
    <MessageBar {...props} layout="multiline">
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}
