package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteText writes findings one per line, as file:line:col: severity
// rule-id: message, each followed by its suggested fix.
func WriteText(w io.Writer, findings []Finding) error {
	for _, f := range findings {
		if _, err := fmt.Fprintf(w, "%s\n\tfix: %s\n", f, f.Fix); err != nil {
			return err
		}
	}
	return nil
}

type jsonFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Severity string `json:"severity"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
	Fix      string `json:"fix"`
}

// WriteJSON writes findings as a JSON array.
func WriteJSON(w io.Writer, findings []Finding) error {
	out := make([]jsonFinding, len(findings))
	for i, f := range findings {
		out[i] = jsonFinding{f.Pos.File, f.Pos.Line, f.Pos.Col, f.Severity.String(), f.Rule, f.Msg, f.Fix}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// SARIF 2.1.0, the parts code-scanning tools read.
type (
	sarifLog struct {
		Version string     `json:"version"`
		Schema  string     `json:"$schema"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI string `json:"uri"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine   int `json:"startLine,omitempty"`
				StartColumn int `json:"startColumn,omitempty"`
			} `json:"region"`
		} `json:"physicalLocation"`
	}
)

func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

// WriteSARIF writes findings as a SARIF 2.1.0 log.
func WriteSARIF(w io.Writer, findings []Finding, version string) error {
	run := sarifRun{Results: []sarifResult{}}
	run.Tool.Driver = sarifDriver{Name: "oasgen lint", Version: version, InformationURI: "https://github.com/oasgen/oasgen/blob/main/docs/lint.md"}
	for _, r := range rules {
		sr := sarifRule{ID: r.ID, ShortDescription: sarifMessage{r.Summary}}
		sr.DefaultConfiguration.Level = sarifLevel(r.Severity)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sr)
	}
	for _, f := range findings {
		res := sarifResult{RuleID: f.Rule, Level: sarifLevel(f.Severity), Message: sarifMessage{f.Msg + " Fix: " + f.Fix}}
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI = filepath.ToSlash(strings.TrimPrefix(f.Pos.File, "./"))
		loc.PhysicalLocation.Region.StartLine = f.Pos.Line
		loc.PhysicalLocation.Region.StartColumn = f.Pos.Col
		res.Locations = []sarifLocation{loc}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Version: "2.1.0", Schema: "https://json.schemastore.org/sarif-2.1.0.json", Runs: []sarifRun{run}})
}
