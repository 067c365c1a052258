#include "core/repair/stripmarker.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> StripMarker::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    // Markers that fine-tuned models and chat templates leave around an answer.
    static const QStringList leading{u"[SOL]"_s,   u"[SQL]"_s,     u"<SQL>"_s,   u"<s>"_s,
                                     u"SQL:"_s,    u"SQLQuery:"_s, u"Answer:"_s, u"Query:"_s,
                                     u"Output:"_s, u"A:"_s};
    static const QStringList trailing{u"[/SOL]"_s,    u"[/SQL]"_s,     u"</SQL>"_s,
                                      u"</s>"_s,      u"<|im_end|>"_s, u"<|endoftext|>"_s,
                                      u"<|eot_id|>"_s};
    QString sql = input.sql().trimmed();
    QStringList removed;
    bool changed = true;
    while (changed) {
        changed = false;
        for (const QString &marker : leading) {
            if (sql.startsWith(marker, Qt::CaseInsensitive)) {
                removed.append(marker);
                sql = sql.mid(marker.size()).trimmed();
                changed = true;
            }
        }
        for (const QString &marker : trailing) {
            if (sql.endsWith(marker, Qt::CaseInsensitive)) {
                removed.append(marker);
                sql.chop(marker.size());
                sql = sql.trimmed();
                changed = true;
            }
        }
    }
    if (removed.isEmpty() || !repairtext::startsAsQuery(sql, input.engine()))
        return std::nullopt;
    return made(repairtext::trimmedStatement(sql), removed.join(u' ') + u" removed"_s);
}

} // namespace sqlmend::core
