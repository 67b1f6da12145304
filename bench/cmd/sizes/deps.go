//go:build sizesdeps

package main

// The packages ogen's default output imports besides its own runtime
// (OpenTelemetry): importing them here, under a tag no build sets, keeps
// their modules in go.mod through go mod tidy, so the generated package
// in .work/sizes builds.
import (
	_ "go.opentelemetry.io/otel"
	_ "go.opentelemetry.io/otel/attribute"
	_ "go.opentelemetry.io/otel/codes"
	_ "go.opentelemetry.io/otel/metric"
	_ "go.opentelemetry.io/otel/semconv/v1.39.0"
	_ "go.opentelemetry.io/otel/trace"
)
