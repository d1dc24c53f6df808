# A voice file is imported by its id. The service does not return the file,
# so source and source_hash stay null after import: an adopted voice file may
# leave source unset (the platform keeps its file); setting source and
# source_hash later records them without uploading again.
terraform import contactcenter_sound.hold_tone 512
