//go:build race

package cli

// raceEnabled is true when the tests run under the race detector, which
// allocates on its own account and makes sync.Pool drop items at random:
// TestGenerateMemory checks its bound without the detector only.
const raceEnabled = true
