// Package benchenv is what the bench module's commands share about where
// and on what they run: the module's directory, the machine, and medians.
package benchenv

import (
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// ModulePath is the bench module's import path.
const ModulePath = "github.com/oasgen/oasgen/bench"

// ModuleDir returns the bench module's directory; the command (named cmd,
// as in "./cmd/report") must run inside it.
func ModuleDir(cmd string) string {
	gomod := Output(".", "go", "env", "GOMOD")
	if gomod == "" || gomod == os.DevNull {
		log.Fatalf("run me inside the bench module: cd bench && go run %s", cmd)
	}
	dir := filepath.Dir(gomod)
	if p := Output(dir, "go", "list", "-m"); p != ModulePath {
		log.Fatalf("run me inside the bench module (%s), not %s: cd bench && go run %s", ModulePath, p, cmd)
	}
	return dir
}

// Machine is what a report says of the machine and the code it measured.
type Machine struct {
	CPU, OSArch, GoVersion, Commit string
}

// Describe returns the Machine running in dir's checkout.
func Describe(dir string) Machine {
	m := Machine{CPU: "unknown CPU", OSArch: runtime.GOOS + "/" + runtime.GOARCH}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(b)) {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	m.GoVersion = Output(dir, "go", "version")
	m.Commit = Output(dir, "git", "rev-parse", "--short", "HEAD")
	if m.Commit == "" {
		m.Commit = "unknown"
	} else if Output(dir, "git", "status", "--porcelain", "--untracked-files=no", "--", "..") != "" {
		m.Commit += " with uncommitted changes"
	}
	return m
}

// Output runs a command in dir and returns its trimmed standard output, or
// "" when it fails.
func Output(dir, name string, args ...string) string {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// Median returns the median of v, 0 for none.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(v))
	if n := len(s); n%2 == 1 {
		return s[n/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// StreamResult is one measurement of the streaming benchmark: the child
// process (cmd/stream/child) prints it as a JSON line, cmd/stream reads it.
type StreamResult struct {
	Contender   string  `json:"contender"`
	File        string  `json:"file"`
	FileBytes   int64   `json:"fileBytes"`
	Seconds     float64 `json:"seconds"`
	AllocBytes  uint64  `json:"allocBytes"`
	Allocs      uint64  `json:"allocs"`
	Retained    int64   `json:"retainedBytes"`
	PeakRSS     int64   `json:"peakRSSBytes"`
	GoVersion   string  `json:"goVersion"`
	Experiments string  `json:"experiments,omitempty"`
}
