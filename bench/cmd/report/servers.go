package main

// The peers of the routing and HTTP benchmarks (route_test.go,
// http_test.go): ogen's and oapi-codegen's servers, generated at bench time
// into .work/gen like the other peers, the routers pinned by go.mod (chi,
// httprouter), and wrk, the load generator, from Debian.

import (
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// serverPeerModules are the routers the benchmarks register the route
// tables with and the validating middlewares oasgen's is compared with
// (validator_test.go), pinned by bench/go.mod; their versions go in the
// report.
var serverPeerModules = []string{
	"github.com/go-chi/chi/v5",
	"github.com/julienschmidt/httprouter",
	"github.com/oapi-codegen/nethttp-middleware",
	"github.com/getkin/kin-openapi",
	"github.com/pb33f/libopenapi-validator",
	"github.com/pb33f/libopenapi",
}

// ogenServerConfig generates ogen's router and server, without its client,
// webhooks and OpenTelemetry instrumentation ("tracing off": the feature
// ogen/otel is left out, so its server has no tracing code at all).
const ogenServerConfig = `generator:
  features:
    disable_all: true
    enable:
      - paths/server
      - ogen/unimplemented
`

// serverSpecs are the specs of the server benchmarks, by package name.
var serverSpecs = []peerSpec{
	{"r10", "specs/routes10.yaml"},
	{"r100", "specs/routes100.yaml"},
	{"r1000", "specs/routes1000.yaml"},
	{"pet", "specs/petstore.yaml"},
}

// prepareServerPeers generates the peers' servers (after preparePeers
// built the generators) and installs wrk; it returns the version lines for
// the report and exits, naming the step, if any of it fails.
func prepareServerPeers(dir string) []string {
	work := filepath.Join(dir, ".work")
	bin := filepath.Join(work, "bin")
	gen := filepath.Join(work, "gen")
	step := func(name string, err error) {
		if err != nil {
			log.Fatalf("peer install step %q failed: %v\n(no contender is skipped: fix the step, or run on a machine that can install it)", name, err)
		}
	}
	var versions []string
	for _, m := range serverPeerModules {
		v, err := outputErr(dir, "go", "list", "-m", "-f", "{{.Version}}", m)
		step("go list -m "+m, err)
		versions = append(versions, m+" "+v)
	}

	self, err := os.ReadFile(filepath.Join(dir, "cmd", "report", "servers.go"))
	step("read cmd/report/servers.go", err)
	cfg := filepath.Join(work, "ogen-server.yml")
	step("write .work/ogen-server.yml", writeIfChanged(cfg, []byte(ogenServerConfig)))
	ogenVersion, _ := outputErr(dir, filepath.Join(bin, "ogen"), "-version")
	oapiVersion, _ := outputErr(dir, filepath.Join(bin, "oapi-codegen"), "-version")
	log.Print("peers: generating ogen's and oapi-codegen's servers")
	for _, s := range serverSpecs {
		spec, err := os.ReadFile(filepath.Join(dir, s.path))
		step("read "+s.path, err)
		out := filepath.Join(gen, "ogenserver", s.pkg)
		step("ogen (server) "+s.path, generate(out, stamp("ogen-server", ogenVersion, spec, self), func() error {
			return runErr(dir, nil, filepath.Join(bin, "ogen"), "-loglevel", "warn", "-config", cfg, "-clean", "-package", s.pkg, "-target", out, s.path)
		}))
	}
	// oapi-codegen's server for the petstore: its strict server (typed
	// request and response objects, as oasgen's and ogen's Handler) on
	// net/http's ServeMux.
	spec, err := os.ReadFile(filepath.Join(dir, "specs", "petstore.yaml"))
	step("read specs/petstore.yaml", err)
	out := filepath.Join(gen, "oapiserver", "pet")
	step("oapi-codegen (server) specs/petstore.yaml", generate(out, stamp("oapi-codegen-server", oapiVersion, spec, self), func() error {
		return runErr(dir, nil, filepath.Join(bin, "oapi-codegen"), "-generate", "std-http-server,strict-server,models",
			"-package", "pet", "-o", filepath.Join(out, "server.gen.go"), "specs/petstore.yaml")
	}))

	// wrk, from Debian's package.
	if _, err := exec.LookPath("wrk"); err != nil {
		log.Print("peers: wrk is missing; installing Debian's wrk")
		step("apt-get install wrk", aptInstall(dir, "wrk"))
		_, err = exec.LookPath("wrk")
		step("find wrk after installing it", err)
	}
	wv := wrkVersion()
	if wv == "" {
		step("wrk -v", errors.New("wrk printed no version"))
	}
	versions = append(versions, fmt.Sprintf("%s (Debian wrk, the load generator)", wv))
	return versions
}

// wrkVersion is the first line wrk -v prints ("wrk 4.1.0 [epoll] ..."); it
// exits with status 1 after printing it.
func wrkVersion() string {
	out, _ := exec.Command("wrk", "-v").CombinedOutput()
	line, _, _ := strings.Cut(string(out), "\n")
	if f := strings.Fields(line); len(f) >= 2 && f[0] == "wrk" {
		return f[0] + " " + f[1]
	}
	return ""
}
