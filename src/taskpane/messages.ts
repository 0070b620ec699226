// Every error the pane shows: the message written for people, never a stack trace or raw exception.
export { errorText } from "../core/errorText";
export { serviceUrlProblem as checkServiceUrl } from "../core/query/serviceUrl";
