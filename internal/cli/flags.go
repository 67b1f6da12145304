package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/oasgen/oasgen/internal/spec"
)

// parseArgs parses args with fs, taking flags before and after one
// positional argument, and returns the positional arguments. It prints
// nothing: a bad command line is badFlags' to report.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// badFlags reports parseArgs' error for the command fs parses and returns
// the exit code: -h prints the command's usage, anything else one line
// with a hint (an unknown flag, the nearest known one) rather than the
// whole usage, which would bury it.
func badFlags(fs *flag.FlagSet, err error, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		fs.Usage()
		return exitOK
	}
	cmd := fs.Name()
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		fmt.Fprintf(stderr, "oasgen: unknown flag -%s for %s%s (oasgen help %s)\n", name, cmd, flagSuggestion(fs, name), cmd)
		return exitUsage
	}
	fmt.Fprintf(stderr, "oasgen %s: %v (oasgen help %s)\n", cmd, err, cmd)
	return exitUsage
}

// flagSuggestion is "; did you mean -NAME?" with the flag of fs nearest
// to name, or "".
func flagSuggestion(fs *flag.FlagSet, name string) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if s := spec.Suggest(name, names); s != "" {
		return "; did you mean -" + s + "?"
	}
	return ""
}

// usageLine reports a command line a command cannot run, in one line with
// where to read its usage, and returns the exit code.
func usageLine(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "oasgen %s: %v (oasgen help %s)\n", cmd, err, cmd)
	return exitUsage
}
