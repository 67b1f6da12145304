package cli

import (
	"runtime/debug"
)

// develVersion is the version of a build whose module version is unknown:
// one built inside the oasgen checkout (go run ./cmd/oasgen).
const develVersion = "(devel)"

// Version returns the version of the oasgen module the running program was
// built from, as the go command recorded it: a release tag or a
// pseudo-version when oasgen came from the module proxy (go install
// pkg@version, or go get -tool and go tool oasgen in another module),
// "(devel)" when it was built from source on disk (the checkout, a
// replace directive). It is what `oasgen version` prints and generated
// file headers carry.
func Version() string { return moduleVersion(readBuildInfo()) }

var readBuildInfo = func() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// oasgenModuleOf returns oasgen's module in bi: the main module when the
// program is oasgen's own command, a dependency when oasgen runs as a tool
// of another module.
func oasgenModuleOf(bi *debug.BuildInfo) *debug.Module {
	if bi == nil {
		return nil
	}
	if bi.Main.Path == oasgenModule {
		return &bi.Main
	}
	for _, m := range bi.Deps {
		if m.Path == oasgenModule {
			if m.Replace != nil {
				return m.Replace
			}
			return m
		}
	}
	return nil
}

// moduleVersion is Version for bi. Only a module with a checksum counts:
// the go command stamps a build from a checkout with a version made from
// its VCS state, which would put a new header on every generated file at
// every commit.
func moduleVersion(bi *debug.BuildInfo) string {
	if m := oasgenModuleOf(bi); m != nil && m.Version != "" && m.Sum != "" {
		return m.Version
	}
	return develVersion
}
