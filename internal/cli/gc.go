package cli

import (
	"os"
	"runtime/debug"
)

// Generation's garbage collector pace. With Go's default (GOGC=100) the
// heap grows to twice what is live before a collection; most of
// generation's heap is live (the spec's model, then the IR and the printed
// files), so each collection scans nearly all of it again, and on
// GitHub's spec the collector took a fifth of the CPU. For a spec file of
// up to smallSpec bytes, generate lets the heap grow to three times what
// is live (GOGC=200): GitHub's 13 MB spec then generates in about a tenth
// less time for about a tenth more memory (bench/results/sizes.md, "Generation: what changed").
// Bigger specs keep the default, so that their memory stays as low as it
// is (Microsoft Graph beta's 47 MB spec). GOGC set in the environment
// wins.
const smallSpec = 24 << 20

// paceGC sets the collector's pace for generating the spec at path (the
// root file's size stands for the spec's) and returns the function that
// restores the pace before it.
func paceGC(path string) (restore func()) {
	if path == "" || os.Getenv("GOGC") != "" {
		return func() {}
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Size() > smallSpec {
		return func() {}
	}
	old := debug.SetGCPercent(200)
	return func() { debug.SetGCPercent(old) }
}
