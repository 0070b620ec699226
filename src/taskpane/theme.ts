// Office tells the pane its theme through officeTheme; a dark body background means the dark theme.
export function officeThemeIsDark(): boolean {
  const background = typeof Office !== "undefined" ? Office.context?.officeTheme?.bodyBackgroundColor : undefined;
  if (!background || !/^#?[0-9a-f]{6}$/i.test(background)) return false;
  const hex = background.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}
