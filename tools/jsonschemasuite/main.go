// Command jsonschemasuite runs the official JSON-Schema-Test-Suite through
// oasgen: every test group's schema becomes a component of one OpenAPI
// document per suite file (draft 2020-12 through OpenAPI 3.1, draft 4
// through OpenAPI 3.0, and both drafts' optional/format files), each
// document is generated into a package of a scratch module, and one
// program decodes every test's data with the group's generated type
// (UnmarshalJSON, then Validate) and compares accept/reject with the
// suite's verdict.
//
//	go run ./tools/jsonschemasuite -o docs/conformance.md
//
// The suite is installed, when missing, from the source distribution of the
// PyPI package jsonschema (pinned below), which carries it under
// json/tests; nothing of it is committed. -check fails when a test listed
// in the baseline (passing.txt) no longer passes; -update-baseline rewrites
// the baseline with the tests that pass now.
package main

import (
	"archive/tar"
	"compress/gzip"
	"flag"
	"fmt"
	"github.com/oasgen/oasgen/tools/internal/docsection"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

const (
	// pipPackage is the PyPI release whose sdist carries the suite; check
	// `pip index versions jsonschema` before moving it.
	pipPackage  = "jsonschema"
	pipVersion  = "4.26.0"
	beginMarker = "<!-- conformance:begin -->"
	endMarker   = "<!-- conformance:end -->"
)

func main() {
	dir := flag.String("dir", ".jsonschemasuite", "where the suite is installed (and the scratch module written)")
	out := flag.String("o", "", "markdown file whose conformance section is rewritten (default: print the section)")
	baseline := flag.String("baseline", "tools/jsonschemasuite/passing.txt", "the IDs of the tests that passed when the baseline was last updated")
	check := flag.Bool("check", false, "exit 1 when a test of the baseline no longer passes: for CI")
	update := flag.Bool("update-baseline", false, "rewrite the baseline with the tests that pass now")
	only := flag.String("files", "", "run only the suite files whose path (as draft4/type.json) contains this")
	verbose := flag.Bool("v", false, "print every failing test")
	installOnly := flag.Bool("install", false, "only install the suite (for the Go test, TestSuite)")
	flag.Parse()
	start := time.Now()
	tests, err := Install(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsonschemasuite:", err)
		os.Exit(1)
	}
	if *installOnly {
		fmt.Fprintf(os.Stderr, "the suite is in %s\n", tests)
		return
	}
	res, err := Run(tests, *dir, *only, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsonschemasuite:", err)
		os.Exit(1)
	}
	took := time.Since(start)
	if *verbose {
		for _, r := range res.Results {
			if r.Outcome != outPass && r.Outcome != outUnexpressible && r.Outcome != outNotGenerated {
				fmt.Printf("%s %s: %s / %s: data %s, valid %v: %s\n", r.ID(), r.Outcome, r.Group.Description, r.Test.Description, compact(r.Test.Data), r.Test.Valid, r.Err)
			}
		}
	}
	report := res.Report("go run ./tools/jsonschemasuite "+strings.Join(os.Args[1:], " "), took)
	if *update {
		if err := os.WriteFile(*baseline, []byte(res.Passing()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "jsonschemasuite:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "rewrote %s\n", *baseline)
	}
	if *out == "" {
		fmt.Print(report)
	} else if err := docsection.Rewrite(*out, beginMarker, endMarker, report); err != nil {
		fmt.Fprintln(os.Stderr, "jsonschemasuite:", err)
		os.Exit(1)
	} else {
		fmt.Fprintf(os.Stderr, "rewrote the conformance section of %s\n", *out)
	}
	if *check {
		data, err := os.ReadFile(*baseline)
		if err != nil {
			fmt.Fprintln(os.Stderr, "jsonschemasuite:", err)
			os.Exit(1)
		}
		if lost := res.Regressions(string(data), *only); len(lost) > 0 {
			fmt.Fprintf(os.Stderr, "jsonschemasuite: %d tests of the baseline no longer pass:\n%s\n", len(lost), strings.Join(lost, "\n"))
			os.Exit(1)
		}
	}
	fmt.Fprintf(os.Stderr, "took %.1f s\n", took.Seconds())
}

// Install makes sure the suite is under dir and returns its tests
// directory (holding draft2020-12, draft4, ...). It downloads the pinned
// jsonschema sdist with pip and unpacks only json/tests from it.
func Install(dir string) (string, error) {
	tests := filepath.Join(dir, pipPackage+"-"+pipVersion, "tests")
	if _, err := os.Stat(filepath.Join(tests, "draft2020-12")); err == nil {
		return tests, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	dl := filepath.Join(dir, "download")
	sdist := filepath.Join(dl, pipPackage+"-"+pipVersion+".tar.gz")
	if _, err := os.Stat(sdist); err != nil {
		fmt.Fprintf(os.Stderr, "downloading the %s %s sdist into %s\n", pipPackage, pipVersion, dl)
		cmd := exec.Command("python3", "-m", "pip", "download", "--disable-pip-version-check", "-q",
			"--no-deps", "--no-binary", ":all:", pipPackage+"=="+pipVersion, "-d", dl)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("pip download: %w", err)
		}
	}
	if err := untarTests(sdist, tests); err != nil {
		return "", err
	}
	return tests, nil
}

// untarTests unpacks the json/tests directory of the sdist into dst.
func untarTests(sdist, dst string) error {
	f, err := os.Open(sdist)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tmp := dst + ".tmp"
	_ = os.RemoveAll(tmp)
	tr := tar.NewReader(zr)
	prefix := pipPackage + "-" + pipVersion + "/json/tests/"
	n := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		rel, ok := strings.CutPrefix(h.Name, prefix)
		if !ok || h.Typeflag != tar.TypeReg || strings.Contains(rel, "..") {
			continue
		}
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("%s has no %s", sdist, prefix)
	}
	return os.Rename(tmp, dst)
}
