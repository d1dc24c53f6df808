package client

import (
	"reflect"
	"testing"
)

// TestUnreadEnvVars: a CONTACTCENTER_* variable that no setting reads is
// named with the one it most likely means.
func TestUnreadEnvVars(t *testing.T) {
	t.Parallel()
	got := UnreadEnvVars([]string{
		"CONTACTCENTER_ACCESS_TOKEN=read", "CONTACTCENTER_TOKEN=t", "CONTACTCENTER_ENDPOIT=x", "contactcenter_endpoint=x",
		"CONTACTCENTER_URL=x", "CONTACTCENTER_KEY=k", "CONTACTCENTER_TIMEOUT=30s", "CONTACTCENTER_RETRIES=2",
		"CONTACTCENTER_EMPTY=", "CONTACTCENTER_TEST_RUN_MAIN=1", "PATH=/bin", "CCSYNC_LOG=x",
	})
	want := []UnreadEnvVar{
		{"CONTACTCENTER_ENDPOIT", "CONTACTCENTER_ENDPOINT"}, {"CONTACTCENTER_KEY", "CONTACTCENTER_SMS_APP_KEY"},
		{"CONTACTCENTER_RETRIES", "CONTACTCENTER_MAX_RETRIES"}, {"CONTACTCENTER_TIMEOUT", "CONTACTCENTER_REQUEST_TIMEOUT"},
		{"CONTACTCENTER_TOKEN", "CONTACTCENTER_ACCESS_TOKEN"},
		{"CONTACTCENTER_URL", ""}, // five settings end in _URL
		{"contactcenter_endpoint", "CONTACTCENTER_ENDPOINT"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("UnreadEnvVars =\n%v\nwant\n%v", got, want)
	}
	if a := UnreadEnvAdvice(got, SettingAccessToken); a != " CONTACTCENTER_TOKEN is set but not read: the variable is CONTACTCENTER_ACCESS_TOKEN; "+
		"CONTACTCENTER_URL is set but not read: no setting has that name." {
		t.Errorf("advice for access_token: %q", a)
	}
	if a := UnreadEnvAdvice(nil, SettingAccessToken); a != "" {
		t.Errorf("no unread variable: %q", a)
	}
}
