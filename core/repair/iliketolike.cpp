#include "core/repair/iliketolike.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isAscii(QStringView text)
{
    for (const QChar c : text) {
        if (c.unicode() > 0x7f)
            return false;
    }
    return true;
}

} // namespace

std::optional<Repair> IlikeToLike::propose(const RepairInput &input) const
{
    // SQLite's LIKE ignores the case of ASCII letters only, so the rewrite is equivalent exactly
    // where every pattern is an ASCII literal.
    if (!EngineRegistry::forEngine(input.engine()).likeIgnoresCase()
        || input.errorClass() != ErrorClass::Syntax
        || input.capture(Capture::Token).compare(u"ILIKE", Qt::CaseInsensitive) != 0)
        return std::nullopt;
    const QList<SqlToken> &tokens = input.scope().tokens;
    QList<std::pair<qsizetype, QString>> replacements;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(u"ILIKE"))
            continue;
        if (i + 1 >= tokens.size() || tokens.at(i + 1).kind != SqlTokenKind::String)
            return std::nullopt;
        if (!isAscii(tokens.at(i + 1).text(input.sql())))
            return std::nullopt;
        if (i + 2 < tokens.size() && tokens.at(i + 2).isWord(u"ESCAPE"))
            return std::nullopt;
        replacements.append({i, u"LIKE"_s});
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements), u"ILIKE -> LIKE"_s);
}

} // namespace sqlmend::core
