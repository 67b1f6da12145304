//go:build !race

package oashttpimpl

// raceEnabled is true when the tests run under the race detector (see
// race_test.go).
const raceEnabled = false
