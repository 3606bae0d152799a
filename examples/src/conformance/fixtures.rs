//! The suite's fixture data.

/// A 1×1 red PNG, base64.
pub(crate) const TEST_IMAGE_DATA: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";

/// An empty WAV file, base64.
pub(crate) const TEST_AUDIO_DATA: &str =
    "UklGRiQAAABXQVZFZm10IBAAAAABAAEARKwAAIhYAQACABAAZGF0YQAAAAA=";
