#include "ui/caseimportcommand.h"

namespace sqlmend::ui {

using Operation = CaseLibraryEdit::Operation;

CaseImportCommand::CaseImportCommand(QList<core::CaseRecord> imported, Send send)
    : QUndoCommand(tr("Import %n case(s)", nullptr, int(imported.size()))),
      m_imported(std::move(imported)),
      m_send(std::move(send))
{
}

void CaseImportCommand::redo()
{
    if (std::exchange(m_done, false))
        return;
    QList<CaseLibraryEdit> edits;
    edits.reserve(m_imported.size());
    for (const core::CaseRecord &record : std::as_const(m_imported))
        edits.append({Operation::Restore, record});
    m_send(edits);
}

void CaseImportCommand::undo()
{
    QList<CaseLibraryEdit> edits;
    edits.reserve(m_imported.size());
    for (const core::CaseRecord &record : std::as_const(m_imported))
        edits.append({Operation::Remove, record});
    m_send(edits);
}

} // namespace sqlmend::ui
