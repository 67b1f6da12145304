package cli

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// gcPercent returns the collector's current GOGC percentage.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestPaceGC: a small spec is generated with GOGC 200 and the pace before
// is restored after; a spec above smallSpec, a spec from GOGC in the
// environment and the embedded example keep the pace as it is.
func TestPaceGC(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.yaml")
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(small, []byte("openapi: 3.1.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(smallSpec + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "") // os.Getenv sees it unset
	for _, tt := range []struct {
		path string
		want int
	}{
		{small, 200},
		{big, 100},
		{"", 100},
	} {
		restore := paceGC(tt.path)
		if got := gcPercent(); got != tt.want {
			t.Errorf("%q: GOGC %d while generating, want %d", tt.path, got, tt.want)
		}
		restore()
		if got := gcPercent(); got != 100 {
			t.Errorf("%q: GOGC %d after, want 100 restored", tt.path, got)
		}
	}
	t.Setenv("GOGC", "100")
	restore := paceGC(small)
	if got := gcPercent(); got != 100 {
		t.Errorf("GOGC=100 in the environment: %d while generating", got)
	}
	restore()
}
