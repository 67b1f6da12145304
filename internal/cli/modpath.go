package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// maxModelPackages bounds -model-packages: more packages than a machine
// has cores buy nothing beyond a bound on each one's memory, which a few
// dozen give for any spec measured (bench/results/sizes.md).
const maxModelPackages = 64

// maxOpPackages bounds -op-packages: Microsoft Graph's operations make
// about 40 parts of splitLines.
const maxOpPackages = 256

// importPath returns the import path of the package in dir, from the
// go.mod of the module dir is in (dir need not exist yet): the models'
// packages below it import each other by it.
func importPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			mod, err := goModPath(data)
			if err != nil {
				return "", fmt.Errorf("%s: %w", filepath.Join(d, "go.mod"), err)
			}
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return "", err
			}
			return path.Join(mod, filepath.ToSlash(rel)), nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("%s is in no Go module (no go.mod in it or above it): the split packages import each other by the module's path", dir)
		}
		d = up
	}
}

// goModPath returns the path a go.mod's module directive declares.
func goModPath(gomod []byte) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		rest, ok := strings.CutPrefix(line, "module")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"') {
			continue
		}
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, "`") {
			p, err := strconv.Unquote(rest)
			if err != nil {
				return "", fmt.Errorf("module path %s: %w", rest, err)
			}
			return p, nil
		}
		return rest, nil
	}
	return "", errors.New("no module directive")
}
