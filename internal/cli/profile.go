package cli

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// writeHeapProfile writes what is live now, after a collection, to path
// (pprof's -sample_index=inuse_space).
func writeHeapProfile(path string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = pprof.Lookup("heap").WriteTo(f, 0)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// profiles writes the CPU and memory profiles generate's -cpuprofile and
// -memprofile ask for (either may be ""), for `go tool pprof`.
type profiles struct {
	cpu *os.File
	mem string
}

// startProfiles starts the CPU profile.
func startProfiles(cpu, mem string) (*profiles, error) {
	p := &profiles{mem: mem}
	if cpu != "" {
		f, err := os.Create(cpu)
		if err != nil {
			return nil, fmt.Errorf("-cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("-cpuprofile: %w", err)
		}
		p.cpu = f
	}
	return p, nil
}

// stop ends the CPU profile and writes the memory profile: the allocations
// of the whole run (pprof's -sample_index=alloc_space) and what was live at
// the last garbage collection (inuse_space).
func (p *profiles) stop() error {
	var errs []error
	if p.cpu != nil {
		pprof.StopCPUProfile()
		if err := p.cpu.Close(); err != nil {
			errs = append(errs, fmt.Errorf("-cpuprofile: %w", err))
		}
	}
	if p.mem != "" {
		runtime.GC()
		f, err := os.Create(p.mem)
		if err == nil {
			err = pprof.Lookup("allocs").WriteTo(f, 0)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("-memprofile: %w", err))
		}
	}
	return errors.Join(errs...)
}
