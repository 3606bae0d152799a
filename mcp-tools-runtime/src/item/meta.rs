//! Icons and `_meta`, as `icons(…)` and `meta = …` write them on a tool, prompt or resource.

use rmcp::model::{Icon, JsonObject, MetaObject};

use crate::meta::IconMeta;

/// The listing's icons, with the MIME type the file name or data URI tells.
pub(crate) fn icons(icons: &[IconMeta]) -> Option<Vec<Icon>> {
    (!icons.is_empty()).then(|| icons.iter().map(|i| icon(i.src)).collect())
}

fn icon(src: &str) -> Icon {
    let icon = Icon::new(src);
    let mime = if let Some(data) = src.strip_prefix("data:") {
        data.split([';', ',']).next().filter(|m| m.contains('/'))
    } else {
        let path = src.split(['?', '#']).next().unwrap_or(src);
        match path
            .rsplit_once('.')
            .map(|(_, ext)| ext.to_ascii_lowercase())
        {
            Some(ext) if ext == "png" => Some("image/png"),
            Some(ext) if ext == "svg" => Some("image/svg+xml"),
            Some(ext) if ext == "jpg" || ext == "jpeg" => Some("image/jpeg"),
            Some(ext) if ext == "webp" => Some("image/webp"),
            Some(ext) if ext == "ico" => Some("image/x-icon"),
            _ => None,
        }
    };
    match mime {
        Some(mime) => icon.with_mime_type(mime),
        None => icon,
    }
}

/// The `_meta` object of a listing, from the JSON text the macro checked; a problem for
/// the registry's build if it is not an object (a hand-built definition).
pub(crate) fn meta_object(text: Option<&str>, problems: &mut Vec<String>) -> Option<MetaObject> {
    let text = text?;
    match serde_json::from_str::<JsonObject>(text) {
        Ok(object) => Some(MetaObject(object)),
        Err(err) => {
            problems.push(format!("its `meta` is not a JSON object: {err}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::icons;
    use crate::meta::IconMeta;

    #[test]
    fn icons_carry_the_mime_type_their_name_tells() {
        let listed = icons(&[
            IconMeta {
                src: "https://example.com/a/loan.PNG?v=2",
            },
            IconMeta {
                src: "data:image/svg+xml;base64,PHN2Zy8+",
            },
            IconMeta {
                src: "https://example.com/icon",
            },
        ])
        .unwrap();
        let mimes: Vec<_> = listed.iter().map(|i| i.mime_type.as_deref()).collect();
        assert_eq!(mimes, [Some("image/png"), Some("image/svg+xml"), None]);
        assert!(icons(&[]).is_none());
    }
}
