#include "ui/caselibrarycommand.h"

namespace sqlmend::ui {

using Operation = CaseLibraryEdit::Operation;

CaseLibraryCommand::CaseLibraryCommand(Operation operation, const core::CaseRecord &before,
                                       const core::CaseRecord &after, Send send)
    : QUndoCommand(describe(operation, after)),
      m_operation(operation),
      m_before(before),
      m_after(after),
      m_send(std::move(send))
{
}

QString CaseLibraryCommand::describe(Operation operation, const core::CaseRecord &after)
{
    switch (operation) {
    case Operation::SetKind:
        return after.kind == core::CaseKind::Good ? tr("Mark case %1 good").arg(after.id)
                                                  : tr("Mark case %1 bad").arg(after.id);
    case Operation::SetSql:
        return tr("Edit the SQL of case %1").arg(after.id);
    case Operation::SetActive:
        return after.active ? tr("Activate case %1").arg(after.id)
                            : tr("Deactivate case %1").arg(after.id);
    case Operation::SetNotes:
        return tr("Edit the note of case %1").arg(after.id);
    case Operation::Remove:
        return tr("Delete case %1").arg(after.id);
    case Operation::Restore:
        return tr("Restore case %1").arg(after.id);
    }
    return {};
}

void CaseLibraryCommand::redo()
{
    m_send({m_operation, m_after});
}

void CaseLibraryCommand::undo()
{
    // A deletion is undone by putting the same record back under its own id.
    if (m_operation == Operation::Remove)
        m_send({Operation::Restore, m_before});
    else
        m_send({m_operation, m_before});
}

} // namespace sqlmend::ui
