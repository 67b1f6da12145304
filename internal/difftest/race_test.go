//go:build race

package difftest

// raceEnabled skips allocation pins: under the race detector sync.Pool
// drops a share of what it is given, on purpose.
const raceEnabled = true
