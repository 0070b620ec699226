// Where the add-in may send the API key: https anywhere, http only on this machine.

/** What is wrong with a service URL, in words for the user, or null when it is fine. */
export function serviceUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `Service URL "${text}" is not a web address. Use the form https://sales.example.com.`;
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol === "https:" || (local && url.protocol === "http:")) return null;
  return "The Service URL must start with https:// (http:// is allowed only for localhost and 127.0.0.1).";
}
