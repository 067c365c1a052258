#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// No row value goes into a prompt unless the user turned sample values on (DESIGN.md): literals
// that come from the data are replaced by "<value>" in every text sent to a model (root cause,
// detail, hint, context, advice). A literal the statement itself holds is the model's own and
// stays; so do quoted names that the schema text or the statement know.
class ValueRedaction
{
public:
    static QString marker(); // "<value>"
    // text with its data literals redacted: quoted spans ('...' and "...") whose content is
    // neither in the statement nor in known, the values a rule captured (capturedValues, unless the
    // statement holds them), the keys DETAIL lists ("Key (id)=(42)") and failing rows.
    static QString redact(QStringView text, QStringView statement, QStringView known = {},
                          const QStringList &capturedValues = {});
};

} // namespace sqlmend::core
