package cli

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateProfiles writes the three profiles and checks that each is a
// gzipped pprof profile of its kind.
func TestGenerateProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem, peak := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof"), filepath.Join(dir, "peak.pprof")
	var stdout, stderr bytes.Buffer
	args := []string{"generate", "-o", filepath.Join(dir, "petstore"), "-cpuprofile", cpu, "-memprofile", mem, "-peakprofile", peak}
	if code := Run(args, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for path, sample := range map[string]string{cpu: "cpu", mem: "alloc_space", peak: "inuse_space"} {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(path), err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(path), err)
		}
		// The sample type's name is in the profile's string table.
		if !bytes.Contains(b, []byte(sample)) {
			t.Errorf("%s holds no %s samples", filepath.Base(path), sample)
		}
	}
}

func TestGenerateProfileUnwritable(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "missing", "cpu.pprof")
	var stdout, stderr bytes.Buffer
	code := Run([]string{"generate", "-o", filepath.Join(t.TempDir(), "petstore"), "-cpuprofile", bad}, nil, &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "-cpuprofile: open "+bad) {
		t.Errorf("exit %d, stderr %q; want %d and the file's error", code, stderr.String(), exitUsage)
	}
}
