// Package docsection rewrites the generated section of a committed doc:
// the text from a begin marker through its end marker, which the report
// itself starts and ends with.
package docsection

import (
	"fmt"
	"os"
	"strings"
)

// Rewrite replaces the section of the file at path that runs from begin
// through the line of end with section, which must hold both markers.
func Rewrite(path, begin, end, section string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s ... %s section", path, begin, end)
	}
	s = s[:i] + section + s[j+len(end)+1:]
	return os.WriteFile(path, []byte(s), 0o644)
}
