package main

import (
	"bufio"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The timed builds run the compiler through this program (go build
// -toolexec), which then appends one line per package it compiles to the
// file named by compileLogEnv: the package's import path, the compile's
// wall time and its peak RSS. The go command asks the wrapped tool for its
// version (-V=full) to key its cache; that call passes through unchanged,
// so the dependencies stay cached.
const compileLogEnv = "SIZES_COMPILE_LOG"

// compileCost is one package's compile in a timed build.
type compileCost struct {
	pkg  string
	time time.Duration
	rss  int64 // KiB
}

// toolexec runs the tool in args (the compiler, the assembler, the linker)
// and, for a compile of a package (-p), appends its cost to the file log.
// It exits with the tool's status.
func toolexec(log string, args []string) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if pkg := compiledPackage(args); pkg != "" && err == nil {
		var rss int64
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = ru.Maxrss
		}
		f, ferr := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if ferr == nil {
			// One write per line, appended: the go command runs two
			// compiles at a time.
			fmt.Fprintf(f, "%s %d %d\n", pkg, d.Nanoseconds(), rss)
			f.Close()
		}
	}
	if cmd.ProcessState != nil {
		os.Exit(cmd.ProcessState.ExitCode())
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// compiledPackage returns the import path a compile command compiles (its
// -p flag), or "" for another tool or the version query.
func compiledPackage(args []string) string {
	if !strings.HasSuffix(args[0], "compile") {
		return ""
	}
	for i, a := range args[:len(args)-1] {
		if a == "-p" {
			return args[i+1]
		}
	}
	return ""
}

// readCompiles reads the compile log, the most expensive in memory first.
func readCompiles(log string) ([]compileCost, error) {
	f, err := os.Open(log)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cs []compileCost
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", log, sc.Text())
		}
		ns, err1 := strconv.ParseInt(fs[1], 10, 64)
		rss, err2 := strconv.ParseInt(fs[2], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad line %q", log, sc.Text())
		}
		cs = append(cs, compileCost{fs[0], time.Duration(ns), rss})
	}
	slices.SortFunc(cs, func(a, b compileCost) int { return cmp.Compare(b.rss, a.rss) })
	return cs, sc.Err()
}
