#include "core/repair/nativefunction.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

struct Rename
{
    QString to;        // the engine's own name
    int arguments = 0; // how many arguments a call must have
};

// The engine's own name for a function it lacks under the name missing (lower case), or none.
std::optional<Rename> renameFor(const QString &missing, Engine engine)
{
    if (missing == u"nvl" || missing == u"ifnull")
        return Rename{u"COALESCE"_s, 2};
    // SQLite's length() counts the characters of a text (a blob's bytes, as CHAR_LENGTH does);
    // ClickHouse's length() counts bytes, so nowhere else.
    if ((missing == u"char_length" || missing == u"character_length") && engine == Engine::SQLite)
        return Rename{u"LENGTH"_s, 1};
    return std::nullopt;
}

// The number of arguments of the call whose '(' is at open and ')' at close.
int argumentCount(const QList<SqlToken> &tokens, qsizetype open, qsizetype close)
{
    if (close == open + 1)
        return 0;
    int count = 1;
    int depth = 0;
    for (qsizetype i = open + 1; i < close; ++i) {
        const SqlTokenKind kind = tokens.at(i).kind;
        if (kind == SqlTokenKind::OpenParen)
            ++depth;
        else if (kind == SqlTokenKind::CloseParen)
            --depth;
        else if (kind == SqlTokenKind::Comma && depth == 0)
            ++count;
    }
    return count;
}

} // namespace

std::optional<Repair> NativeFunction::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::FunctionMissing)
        return std::nullopt;
    const QString missing =
            repairtext::lastNamePart(repairtext::unquotedName(input.capture(Capture::Function)))
                    .toLower();
    const std::optional<Rename> rename = renameFor(missing, input.engine());
    if (!rename)
        return std::nullopt;
    const QList<SqlToken> &tokens = input.scope().tokens;
    QList<std::pair<qsizetype, QString>> replacements;
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind != SqlTokenKind::Word
            || token.name.compare(missing, Qt::CaseInsensitive) != 0
            || tokens.at(i + 1).kind != SqlTokenKind::OpenParen)
            continue;
        if (i > 0 && tokens.at(i - 1).kind == SqlTokenKind::Dot)
            continue; // a schema's own function of that name
        const qsizetype close = closingParen(tokens, i + 1);
        if (close < 0 || argumentCount(tokens, i + 1, close) != rename->arguments)
            return std::nullopt;
        replacements.append({i, rename->to});
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1(...) -> %2(...)"_s.arg(missing.toUpper(), rename->to));
}

} // namespace sqlmend::core
