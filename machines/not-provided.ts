/**
 * The stand-in for an actor that the machine's user provides (an API call): a machine started
 * without it fails at that call, naming the machine and the actor, instead of waiting forever.
 */
export const notProvidedIn = (machine: string) => (actor: string) => () =>
  Promise.reject(new Error(`${machine} machine: actor "${actor}" was not provided`));
