package importer

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpen_notXLSX: an OpenDocument file, an .xls and a CSV are refused
// saying what they are and what to do; they read as "EOF", "unsupported
// workbook file format" and "zip: not a valid zip file".
func TestOpen_notXLSX(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var ods bytes.Buffer
	zw := zip.NewWriter(&ods)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	_, _ = w.Write([]byte("application/vnd.oasis.opendocument.spreadsheet"))
	w, _ = zw.Create("content.xml")
	_, _ = w.Write([]byte("<office:document-content/>"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	const advice = `; ccsync reads Excel workbooks (.xlsx): save it as "Excel 2007-365 (.xlsx)" and run again`
	for name, tc := range map[string]struct {
		content []byte
		want    string
	}{
		"roster.ods": {ods.Bytes(), "is an OpenDocument file (.ods)" + advice},
		"roster.xls": {append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 600)...),
			"is an Excel 97-2003 workbook (.xls), or a password-protected one (remove the password)" + advice},
		"roster.csv":  {[]byte("user_num,user_name\n9001,李伟\n"), "is a text file (CSV?), not a workbook" + advice},
		"roster.xlsx": {[]byte("PK\x03\x04 broken"), "open "},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, tc.content, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := openSheet(path, "Agents")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
