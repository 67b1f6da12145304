package main

// Installing and generating the peers: every contender that is not oasgen
// or a plain library is produced here, at bench time, into bench/.work/
// (gitignored), and nothing of it is committed. Each step is idempotent: a
// generated package carries a stamp of its inputs (tool, version, options,
// spec) and is regenerated only when they change. A step that fails stops
// the report with the step's name: a contender is never silently skipped.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// openapi-generator is the one peer that is not a Go module: its CLI jar
// comes from Maven Central and runs on Java 17.
const (
	openapiGeneratorVersion  = "7.20.0"
	openapiGeneratorArtifact = "org.openapitools:openapi-generator-cli:" + openapiGeneratorVersion
	javaMajor                = "17"
)

// goPeerModules are the Go modules of the peers, pinned by bench/go.mod;
// their versions are read from it for the report.
var goPeerModules = []string{
	"github.com/ogen-go/ogen",
	"github.com/go-faster/jx",
	"github.com/oapi-codegen/oapi-codegen/v2",
	"github.com/oapi-codegen/runtime",
	"github.com/goccy/go-json",
	"github.com/bytedance/sonic",
	"google.golang.org/protobuf",
}

// goTools are the generators built from those modules into .work/bin.
var goTools = []string{
	"github.com/ogen-go/ogen/cmd/ogen",
	"github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen",
	"google.golang.org/protobuf/cmd/protoc-gen-go",
}

// peerSpec is one workload's spec as the peers see it.
type peerSpec struct {
	pkg  string // package name and directory: a, b, c, u
	path string // relative to the bench module
}

// unionsPath is the path the peers' copy of specs/unions.yaml gets: ogen
// and oapi-codegen generate only the schemas that operations use, and
// unions.yaml has none (oasgen generates every component), so the copy
// adds a GET operation returning SomeValue and one returning Oneof.
const unionsPath = `paths:
  /some-value:
    get:
      operationId: getSomeValue
      responses:
        "200":
          description: a SomeValue
          content:
            application/json:
              schema: {$ref: '#/components/schemas/SomeValue'}
  /oneof:
    get:
      operationId: getOneof
      responses:
        "200":
          description: a Oneof
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Oneof'}
`

// peerInfo is what the report says about the peers.
type peerInfo struct {
	versions []string // "name version" lines, for the document
	elapsed  time.Duration
}

// preparePeers installs the peer tools and generates every peer package
// under dir/.work. It exits, naming the step, if any of it fails.
func preparePeers(dir string) peerInfo {
	start := time.Now()
	work := filepath.Join(dir, ".work")
	bin := filepath.Join(work, "bin")
	step := func(name string, err error) {
		if err != nil {
			log.Fatalf("peer install step %q failed: %v\n(no contender is skipped: fix the step, or run on a machine that can install it)", name, err)
		}
	}
	step("create .work", os.MkdirAll(bin, 0o755))

	// Go generators, at the versions bench/go.mod pins (go get ...@version
	// then go build: `go run pkg@version` fails on ogen's deprecation check).
	log.Print("peers: building ogen, oapi-codegen and protoc-gen-go (versions pinned by go.mod)")
	step("go build the Go generators", runErr(dir, nil, "go", append([]string{"build", "-o", bin + string(filepath.Separator)}, goTools...)...))

	var info peerInfo
	for _, m := range goPeerModules {
		v, err := outputErr(dir, "go", "list", "-m", "-f", "{{.Version}}", m)
		step("go list -m "+m, err)
		info.versions = append(info.versions, m+" "+v)
	}
	info.versions = append(info.versions, "encoding/json/v2, and encoding/json built on it, of "+jsonv2Go+" (package jsonv2)")

	// protoc, from Debian's protobuf-compiler package.
	protoc, err := exec.LookPath("protoc")
	if err != nil {
		log.Print("peers: protoc is missing; installing Debian's protobuf-compiler")
		step("apt-get install protobuf-compiler", aptInstall(dir, "protobuf-compiler"))
		protoc, err = exec.LookPath("protoc")
		step("find protoc after installing protobuf-compiler", err)
	}
	pv, err := outputErr(dir, protoc, "--version")
	step("protoc --version", err)
	info.versions = append(info.versions, "protoc "+strings.TrimPrefix(pv, "libprotoc ")+" (Debian protobuf-compiler)")

	// openapi-generator: the CLI jar from Maven Central, run with Java 17.
	java, jv := findJava()
	if java == "" {
		step("find Java "+javaMajor, errors.New(jv))
	}
	jar := filepath.Join(bin, "openapi-generator-cli-"+openapiGeneratorVersion+".jar")
	if _, err := os.Stat(jar); err != nil {
		log.Printf("peers: fetching %s with mvn dependency:get", openapiGeneratorArtifact)
		step("mvn dependency:get "+openapiGeneratorArtifact,
			quiet(dir, "mvn", "-B", "-q", "-Dstyle.color=never", "dependency:get", "-Dartifact="+openapiGeneratorArtifact, "-Dtransitive=false"))
		// dependency:copy takes the jar from wherever mvn keeps its local
		// repository (settings.xml may move it).
		step("mvn dependency:copy "+openapiGeneratorArtifact+" to .work/bin",
			quiet(dir, "mvn", "-B", "-q", "-Dstyle.color=never", "dependency:copy", "-Dartifact="+openapiGeneratorArtifact, "-DoutputDirectory="+bin))
		if _, err := os.Stat(jar); err != nil {
			step("find the openapi-generator jar after mvn dependency:copy", err)
		}
	}
	info.versions = append(info.versions, "openapi-generator-cli "+openapiGeneratorVersion+" (Maven Central), "+jv)

	// The specs as the peers see them.
	specDir := filepath.Join(work, "specs")
	step("create .work/specs", os.MkdirAll(specDir, 0o755))
	unions, err := os.ReadFile(filepath.Join(dir, "specs", "unions.yaml"))
	step("read specs/unions.yaml", err)
	if !bytes.Contains(unions, []byte("\npaths: {}\n")) {
		step("derive the peers' unions spec", errors.New("specs/unions.yaml no longer has `paths: {}`: update unionsPath in cmd/report/peers.go"))
	}
	unions = bytes.Replace(unions, []byte("\npaths: {}\n"), []byte("\n"+unionsPath), 1)
	step("write .work/specs/unions.yaml", writeIfChanged(filepath.Join(specDir, "unions.yaml"), unions))
	specs := []peerSpec{
		{"a", "specs/workloadA.yaml"},
		{"b", "specs/workloadB.yaml"},
		{"c", "specs/workloadC.yaml"},
		{"u", ".work/specs/unions.yaml"},
	}

	// Every stamp includes this file, so that a change of a generator's
	// options here regenerates its packages.
	self, err := os.ReadFile(filepath.Join(dir, "cmd", "report", "peers.go"))
	step("read cmd/report/peers.go", err)
	stamp := func(parts ...any) string { return stamp(append(parts, self)...) }

	gen := filepath.Join(work, "gen")
	ogenCfg := filepath.Join(work, "ogen.yml")
	// Models and their JSON only: no client, server or OpenTelemetry.
	step("write .work/ogen.yml", writeIfChanged(ogenCfg, []byte("generator:\n  features:\n    disable_all: true\n")))
	ogenVersion, _ := outputErr(dir, filepath.Join(bin, "ogen"), "-version")
	oapiVersion, _ := outputErr(dir, filepath.Join(bin, "oapi-codegen"), "-version")
	for _, s := range specs {
		spec, err := os.ReadFile(filepath.Join(dir, s.path))
		step("read "+s.path, err)

		out := filepath.Join(gen, "ogen", s.pkg)
		step("ogen "+s.path, generate(out, stamp("ogen", ogenVersion, spec), func() error {
			return runErr(dir, nil, filepath.Join(bin, "ogen"), "-loglevel", "warn", "-config", ogenCfg, "-clean", "-package", s.pkg, "-target", out, s.path)
		}))

		out = filepath.Join(gen, "oapicodegen", s.pkg)
		step("oapi-codegen "+s.path, generate(out, stamp("oapi-codegen", oapiVersion, spec), func() error {
			return runErr(dir, nil, filepath.Join(bin, "oapi-codegen"), "-generate", "models", "-package", s.pkg,
				"-o", filepath.Join(out, "models.gen.go"), s.path)
		}))

		for _, v := range []struct{ dir, props string }{
			{"openapigen", ""},
			{"openapigen_nomarshal", "generateMarshalJSON=false"},
		} {
			out := filepath.Join(gen, v.dir, s.pkg)
			step("openapi-generator "+v.props+" "+s.path, generate(out, stamp("openapi-generator", openapiGeneratorVersion, v.props, spec), func() error {
				return openapiGenerate(dir, java, jar, s, v.props, out)
			}))
		}
	}

	// protobuf: protoc with protoc-gen-go from .work/bin.
	proto, err := os.ReadFile(filepath.Join(dir, "proto", "workloads.proto"))
	step("read proto/workloads.proto", err)
	out := filepath.Join(gen, "pb")
	pgv, _ := outputErr(dir, filepath.Join(bin, "protoc-gen-go"), "--version")
	step("protoc proto/workloads.proto", generate(out, stamp("protoc", pv, pgv, proto), func() error {
		cmd := exec.Command(protoc, "-I", "proto", "--plugin=protoc-gen-go="+filepath.Join(bin, "protoc-gen-go"),
			"--go_out="+out, "--go_opt=paths=source_relative", "proto/workloads.proto")
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
		return cmd.Run()
	}))

	info.elapsed = time.Since(start)
	log.Printf("peers ready in %s", info.elapsed.Round(100*time.Millisecond))
	return info
}

// stamp identifies a generation's inputs.
func stamp(parts ...any) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%s\x00", p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// generate runs gen into the directory out unless out holds the stamp of
// the same inputs, then writes the stamp.
func generate(out, key string, gen func() error) error {
	stampFile := filepath.Join(out, ".stamp")
	if b, err := os.ReadFile(stampFile); err == nil && string(b) == key {
		return nil
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := gen(); err != nil {
		return err
	}
	return os.WriteFile(stampFile, []byte(key), 0o644)
}

// openapiGenerate runs openapi-generator's go generator for the models and
// utils.go only, then keeps the Go files of the models in out.
func openapiGenerate(dir, java, jar string, s peerSpec, props, out string) error {
	tmp, err := os.MkdirTemp("", "openapi-generator-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	args := []string{"-jar", jar, "generate", "-g", "go", "-i", s.path, "-o", tmp,
		"--package-name", s.pkg,
		"--global-property", "models,supportingFiles=utils.go,modelDocs=false,modelTests=false",
		// openapi-generator maps the integer formats uint32 and uint64 to
		// int32, which cannot hold workload C's values; map them as a
		// user of the tool would have to.
		"--type-mappings", "integer+uint32=uint32,integer+uint64=uint64",
	}
	if props != "" {
		args = append(args, "--additional-properties="+props)
	}
	var log bytes.Buffer
	if err := runErr(dir, &log, java, args...); err != nil {
		os.Stderr.Write(log.Bytes())
		return err
	}
	files, _ := filepath.Glob(filepath.Join(tmp, "*.go"))
	if len(files) == 0 {
		return fmt.Errorf("openapi-generator wrote no Go files")
	}
	for _, f := range files {
		if err := copyFile(f, filepath.Join(out, filepath.Base(f))); err != nil {
			return err
		}
	}
	return nil
}

var javaVersionRE = regexp.MustCompile(`version "(\d+)[."]`)

// findJava returns a Java 17 and its version line, or "" and why not.
func findJava() (string, string) {
	candidates := []string{"java"}
	if h := os.Getenv("JAVA_HOME"); h != "" {
		candidates = append([]string{filepath.Join(h, "bin", "java")}, candidates...)
	}
	m, _ := filepath.Glob("/usr/lib/jvm/*17*/bin/java")
	candidates = append(candidates, m...)
	var seen []string
	for _, c := range candidates {
		out, err := exec.Command(c, "-version").CombinedOutput()
		if err != nil {
			continue
		}
		line, _, _ := strings.Cut(string(out), "\n")
		seen = append(seen, c+": "+line)
		if v := javaVersionRE.FindStringSubmatch(line); v != nil && v[1] == javaMajor {
			return c, strings.TrimSpace(line)
		}
	}
	return "", fmt.Sprintf("openapi-generator runs on Java %s; found %q", javaMajor, seen)
}

// aptInstall installs a Debian package, as root or through sudo, updating
// the package lists first when the package is not known.
func aptInstall(dir, pkg string) error {
	apt := []string{"apt-get"}
	if os.Geteuid() != 0 {
		apt = []string{"sudo", "-n", "apt-get"}
	}
	install := append(apt[1:len(apt):len(apt)], "install", "-y", "-q", pkg)
	if err := runErr(dir, nil, apt[0], install...); err == nil {
		return nil
	}
	if err := runErr(dir, nil, apt[0], append(apt[1:len(apt):len(apt)], "update", "-q")...); err != nil {
		return err
	}
	return runErr(dir, nil, apt[0], install...)
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

func writeIfChanged(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	return os.WriteFile(path, b, 0o644)
}

// runErr runs a command in dir with stdout to w (stderr if nil) and stderr
// to os.Stderr.
func runErr(dir string, w *bytes.Buffer, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stderr = dir, os.Stderr
	if w != nil {
		cmd.Stdout, cmd.Stderr = w, w
	} else {
		cmd.Stdout = os.Stderr
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}

// quiet runs a command in dir and shows its output only if it fails.
func quiet(dir, name string, args ...string) error {
	var out bytes.Buffer
	err := runErr(dir, &out, name, args...)
	if err != nil {
		os.Stderr.Write(out.Bytes())
	}
	return err
}

func outputErr(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(b)), nil
}

// runtimeGoVersion is the go command's version, e.g. go1.26.8.
func runtimeGoVersion(dir string) string {
	v, _ := outputErr(dir, "go", "env", "GOVERSION")
	return v
}
