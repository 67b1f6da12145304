//go:build !linux && !darwin

package cli

import "os"

// terminalWidth is 0: the width of a terminal is not asked for here.
func terminalWidth(*os.File) int { return 0 }
