/**
 * Whether a host is one only this machine reaches: `localhost`, 127.0.0.0/8 or `::1`, bare or as a URL spells it
 * (`[::1]`). Where calfile serves without tokens (open mode, `--test-admin`) and where it sends credentials over
 * plain http (`pull`, `push`), nothing crosses a network.
 *
 * @example
 * isLoopback('127.0.0.1') // true
 * isLoopback(new URL('http://[::1]:3000').hostname) // true
 * isLoopback('0.0.0.0') // false
 */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/u, '$1')
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/u.test(bare)
}
