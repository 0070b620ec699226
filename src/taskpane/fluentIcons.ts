// Every Fluent icon the pane draws, each from its icon's own module. The package's index re-exports all of its
// thousands of icons: 16 MB of source webpack parsed on every build to find the 19 used, and 3 MB of every
// development bundle. webpack.config.js resolves `@fluentui/react-icons` to this file, for our imports and for
// Fluent UI's own; an icon a Fluent update starts to use and this list lacks fails the build by name.
export { EyeOffRegular } from "@fluentui/react-icons/svg/eye-off";
export { EyeRegular } from "@fluentui/react-icons/svg/eye";
export { CalendarRegular } from "@fluentui/react-icons/svg/calendar";
export { DismissRegular } from "@fluentui/react-icons/svg/dismiss";
export { Checkmark12Filled, Checkmark16Filled, CheckmarkFilled } from "@fluentui/react-icons/svg/checkmark";
export { CheckmarkCircle12Filled, CheckmarkCircleFilled } from "@fluentui/react-icons/svg/checkmark-circle";
export { ChevronDownRegular } from "@fluentui/react-icons/svg/chevron-down";
export { ChevronRightRegular } from "@fluentui/react-icons/svg/chevron-right";
export { CircleFilled } from "@fluentui/react-icons/svg/circle";
export { DiamondDismiss12Filled, DiamondDismissFilled } from "@fluentui/react-icons/svg/diamond-dismiss";
export { InfoFilled } from "@fluentui/react-icons/svg/info";
export { Square12Filled, Square16Filled } from "@fluentui/react-icons/svg/square";
export { Warning12Filled, WarningFilled } from "@fluentui/react-icons/svg/warning";
// The class names Fluent UI's components style icons by.
export { iconFilledClassName, iconRegularClassName } from "@fluentui/react-icons/utils";
