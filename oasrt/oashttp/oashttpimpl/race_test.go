//go:build race

package oashttpimpl

// raceEnabled is true when the tests run under the race detector, which
// allocates on its own account and makes sync.Pool drop items at random:
// tests that pin allocation counts skip their pins then.
const raceEnabled = true
