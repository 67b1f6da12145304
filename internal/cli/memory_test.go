package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// pathsSpec returns an OpenAPI document of at least size bytes that is
// all paths, each with one GET and one response, in YAML or JSON: what
// an API of many small operations is made of, and the most operations a
// byte of spec can hold.
func pathsSpec(size int, json bool) []byte {
	var b strings.Builder
	b.Grow(size + 200)
	if json {
		b.WriteString(`{"openapi": "3.1.0", "info": {"title": "paths", "version": "1"}, "paths": {`)
		for i := 0; b.Len() < size; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "\n  \"/p%d\": {\"get\": {\"operationId\": \"op%d\", \"responses\": {\"200\": {\"description\": \"ok\"}}}}", i, i)
		}
		b.WriteString("\n}}\n")
		return []byte(b.String())
	}
	b.WriteString("openapi: 3.1.0\ninfo: {title: paths, version: \"1\"}\npaths:\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "  /p%d:\n    get:\n      operationId: op%d\n      responses: {\"200\": {description: ok}}\n", i, i)
	}
	return []byte(b.String())
}

// peakLive runs f with the collector collecting often (GOGC=10) and
// returns the most heap any collection found live meanwhile: what f
// holds at its peak, whatever the pace of the collector.
func peakLive(f func() error) (uint64, error) {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var (
		peak uint64
		wg   sync.WaitGroup
		stop = make(chan struct{})
	)
	read := func() {
		metrics.Read(sample)
		peak = max(peak, sample[0].Value.Uint64())
	}
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				read()
			}
		}
	})
	err := f()
	close(stop)
	wg.Wait()
	read()
	return peak, err
}

// maxLivePerByte bounds the live heap generation may hold per byte of a
// spec of paths (docs/config.md). It measured 43 to 44 in YAML and 39 to
// 42 in JSON; 57 and 58 before a cut chunk's printed text was dropped
// once formatted and printing waited for formatting to catch up.
const maxLivePerByte = 50

// TestGenerateMemory generates a 2 MB spec of paths (about 22,000
// operations) in YAML and in JSON and bounds the most heap generation
// holds live, per byte of spec: counted by the collector, not timed.
// The soft memory limit generate sets (paceGC) is above it, so a 20 MB
// spec of paths generates in under 1 GB.
func TestGenerateMemory(t *testing.T) {
	for _, json := range []bool{false, true} {
		name := "openapi.yaml"
		if json {
			name = "openapi.json"
		}
		dir := t.TempDir()
		in := filepath.Join(dir, name)
		text := pathsSpec(2<<20, json)
		if err := os.WriteFile(in, text, 0o644); err != nil {
			t.Fatal(err)
		}
		// The live heap a collection finds depends on when it runs
		// beside the printing and formatting goroutines: on a loaded
		// machine one run in a few finds a tenth more. A second run is
		// made only when the first passes the bound, and the lower
		// counts: a real growth passes it in both.
		var res *Result
		var peak uint64
		for attempt := 0; attempt < 2; attempt++ {
			p, err := peakLive(func() (err error) {
				res, err = generate(&genConfig{input: in, pkg: "paths", output: dir})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if attempt == 0 || p < peak {
				peak = p
			}
			if float64(peak)/float64(len(text)) <= maxLivePerByte {
				break
			}
		}
		perByte := float64(peak) / float64(len(text))
		t.Logf("%s: %d bytes, %d operations, peak live heap %d MB, %.1f bytes per byte", name, len(text), res.Operations, peak>>20, perByte)
		if res.Operations < 20_000 {
			t.Errorf("%s: %d operations", name, res.Operations)
		}
		// Under the race detector sync.Pool drops items at random and the
		// live heap grows with them (46-50 bytes per byte here): the bound
		// is checked in the run without it.
		if perByte > maxLivePerByte && !raceEnabled {
			t.Errorf("%s: %.1f bytes of live heap per byte of spec, want at most %d", name, perByte, maxLivePerByte)
		}
	}
}

// TestPaceMemoryLimit: generate sets the soft memory limit from the
// spec's size, and restores the one before; GOMEMLIMIT in the
// environment wins.
func TestPaceMemoryLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "openapi.json")
	if err := os.WriteFile(path, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	before := debug.SetMemoryLimit(-1)
	t.Setenv("GOMEMLIMIT", "")
	restore := paceGC(path)
	if got, want := debug.SetMemoryLimit(-1), int64(memoryBase+memoryPerByte<<20); got != want {
		t.Errorf("limit %d while generating, want %d", got, want)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit %d after, want %d restored", got, before)
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	restore = paceGC(path)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("GOMEMLIMIT in the environment: limit %d while generating", got)
	}
	restore()
}

// TestWritePathsSpec writes a spec of paths of OASGEN_PATHS_SIZE bytes to
// the file OASGEN_PATHS_SPEC (JSON when it ends in .json), to measure
// generate on it by hand (docs/config.md); without them it is skipped.
func TestWritePathsSpec(t *testing.T) {
	path, size := os.Getenv("OASGEN_PATHS_SPEC"), os.Getenv("OASGEN_PATHS_SIZE")
	if path == "" || size == "" {
		t.Skip("OASGEN_PATHS_SPEC and OASGEN_PATHS_SIZE are not set")
	}
	n, err := strconv.Atoi(size)
	if err != nil {
		t.Fatalf("OASGEN_PATHS_SIZE: %v", err)
	}
	if err := os.WriteFile(path, pathsSpec(n, strings.HasSuffix(path, ".json")), 0o644); err != nil {
		t.Fatal(err)
	}
}
