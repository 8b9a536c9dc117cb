package cmd

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

func TestPanicExitsAsInternalError(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Now: time.Now,
		Getenv: func(string) string { return "" }}
	root := NewRootCmd(io)
	root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error {
		var m map[string]int
		//lint:ignore SA5000 the panic is what the test is about
		m["x"]++ // a nil-map write: the kind of bug that must not look like bad input
		return nil
	}})
	code := execute(context.Background(), root, io, []string{"boom"})
	if code != ExitInternal {
		t.Errorf("exit %d, want %d", code, ExitInternal)
	}
	if !strings.Contains(errOut.String(), "internal error (please report it)") {
		t.Errorf("stderr %q does not say it is an internal error", errOut.String())
	}
}

func TestUnknownFlagIsBadInput(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errOut, Now: time.Now,
		Getenv: func(string) string { return "" }}
	if code := Run(io, []string{"judge", "--no-such-flag", "CASA"}); code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	if !strings.Contains(errOut.String(), "--help") || out.Len() != 0 {
		t.Errorf("stderr %q should point to --help, stdout %q should be empty", errOut.String(), out.String())
	}
}
