package datasources

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/replaceable"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*soundFileDataSource)(nil)

// NewSoundFileDataSource returns the contactcenter_sound_file data source.
func NewSoundFileDataSource() datasource.DataSource {
	return &soundFileDataSource{DataSource: framework.NewDataSource("sound_file")}
}

type soundFileDataSource struct {
	framework.DataSource
}

func (d *soundFileDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Downloads a voice file from the platform and writes it to `output_path` " +
			"(mode 0644 less the umask, folders created as needed), for example to keep a copy of a voice file adopted with " +
			"`contactcenter_sound`, or to give it to another system. The file is written on every read (each plan and apply, but not an apply " +
			"of a saved plan, which reads nothing again); " +
			"`content_sha256` tells whether it changed. A file already at `output_path` is overwritten only if it is a WAV or MP3 " +
			"file (an earlier download, say): any other file there is refused, so that a wrong path cannot overwrite a configuration. " +
			"It does not feed `contactcenter_sound.source` of the same voice (that would be a cycle): an adopted voice file needs no `source`. API: sound/play (spec §4.5).",
		Attributes: map[string]schema.Attribute{
			"sound_id": framework.RequiredString("The voice file's id (`sound_id`), e.g. `contactcenter_sound.x.id`.",
				tfkit.Matching(regexp.MustCompile(`^[0-9]+$`), "must be a voice-file id (digits)")),
			"output_path": framework.RequiredString("Local path the voice file is written to. A file already there must be empty or a WAV or MP3 file.",
				stringvalidator.LengthAtLeast(1)),
			"content_sha256": framework.ComputedString("SHA-256 (hex) of the file's content, as `filesha256(output_path)` gives it."),
			"size":           framework.ComputedInt64("Size of the file, in bytes."),
		},
	}
}

func (d *soundFileDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Download Voice File", func(ctx context.Context, m *soundFileModel) error {
		if err := checkOverwrite(m.OutputPath.ValueString()); err != nil {
			return framework.AttributeError(path.Root("output_path"), "Refusing to Overwrite File", err.Error()+".")
		}
		b, err := d.Client.Sounds.Play(ctx, m.SoundID.ValueString())
		if err != nil {
			detail := tfkit.APIErrorDetailOf(tfkit.OpRead, err)
			if client.IsNotFound(err) {
				detail += "\n\nThe platform has no voice file " + m.SoundID.ValueString() + "."
			}
			return framework.AttributeError(path.Root("sound_id"), "Unable to Download Voice File", detail)
		}
		out := m.OutputPath.ValueString()
		if err := writeFile(out, b); err != nil {
			return framework.AttributeError(path.Root("output_path"), "Unable to Write Voice File",
				fmt.Sprintf("Voice file %s was downloaded (%d bytes) but could not be written to %s: %v", m.SoundID.ValueString(), len(b), out, err))
		}
		sum := sha256.Sum256(b)
		m.ContentSHA256, m.Size = types.StringValue(hex.EncodeToString(sum[:])), types.Int64Value(int64(len(b)))
		return nil
	})
}

// checkOverwrite refuses an output path that holds a file other than a
// voice file: the download replaces an earlier one, never a file of the
// user's (output_path = "main.tf" overwrote the configuration with MP3
// bytes during plan). A missing or empty file is fine; so is a path that is
// not a regular file, which the write then fails on.
func checkOverwrite(p string) error {
	f, err := os.Open(p) //nolint:gosec // G304: the path the user chose for the download
	if err != nil {
		return nil // nothing there to lose (or the write says why it fails)
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil && st.IsDir() {
		return fmt.Errorf("output_path %q is a folder; give the path of a file in it (such as %q)", p, filepath.Join(p, "voice.wav"))
	}
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
		return nil
	}
	head := make([]byte, 16)
	n, _ := io.ReadFull(f, head)
	if client.SoundFormat(head[:n]) != "" {
		return nil
	}
	return fmt.Errorf("output_path %q is an existing file of %d bytes that is not a WAV or MP3 voice file (it begins with %q): "+
		"the download would overwrite it, at every plan. Only an earlier download (a WAV or MP3 file) is overwritten: "+
		"choose another path, or move that file away (or delete it) if it may be replaced", p, st.Size(), head[:n])
}

// writeFile writes b to p through a temporary file in the same folder, so
// a reader never sees half a file. The voice file is the user's, at the
// path they chose, for other tools to read: it is 0644 and a folder made
// for it 0755 (before the umask), as for any file the user writes.
func writeFile(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil { //nolint:gosec // G301: the user's folder for the voice file (see above)
		return err
	}
	// Made 0644 less the umask; os.CreateTemp makes it 0600, and setting
	// it to 0644 afterwards (as was done) ignored the umask: a voice file
	// downloaded under umask 077 was readable by anyone.
	return replaceable.WriteWhole(p, ".sound-*", 0o644, func(tmp *os.File) error {
		_, err := tmp.Write(b)
		return err
	})
}

type soundFileModel struct {
	SoundID       types.String `tfsdk:"sound_id"`
	OutputPath    types.String `tfsdk:"output_path"`
	ContentSHA256 types.String `tfsdk:"content_sha256"`
	Size          types.Int64  `tfsdk:"size"`
}
