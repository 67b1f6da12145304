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

// Generation's soft memory limit (debug.SetMemoryLimit): memoryPerByte
// bytes per byte of the spec's root file, plus memoryBase. Generation
// holds up to about 44 bytes of live heap per byte of a spec of paths at
// its peak (TestGenerateMemory), and GOGC alone lets the heap grow to two or
// three times what is live; under the limit the collector runs more
// often instead, so a 20 MB spec of paths generates in under 1 GB
// (docs/config.md). A spec that holds more than the limit live is still
// generated, with the collector running more often. GOMEMLIMIT set in
// the environment wins.
const (
	memoryPerByte = 40
	memoryBase    = 128 << 20
)

// paceGC sets the collector's pace and the memory limit for generating the
// spec at path (the root file's size stands for the spec's) and returns
// the function that restores those before it.
func paceGC(path string) (restore func()) {
	if path == "" {
		return func() {}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return func() {}
	}
	var undo []func()
	if os.Getenv("GOGC") == "" && fi.Size() <= smallSpec {
		old := debug.SetGCPercent(200)
		undo = append(undo, func() { debug.SetGCPercent(old) })
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(memoryBase + memoryPerByte*fi.Size())
		undo = append(undo, func() { debug.SetMemoryLimit(old) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}
